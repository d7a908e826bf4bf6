import Bowser from 'bowser';

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

export interface DeviceInfo {
  device: string;
  browser: string;
  os: string;
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "Desktop" / "Chrome 126" / "Windows 10", as a member recognises their own devices. */
export function describeDevice(userAgent: string): DeviceInfo {
  if (!userAgent) return { device: 'Unknown device', browser: 'Unknown browser', os: 'Unknown OS' };
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, 512));
  const versioned = (name?: string, version?: string) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : undefined;
  return {
    device: platform.type ? capitalise(platform.type) : 'Unknown device',
    browser: versioned(browser.name, browser.version) ?? 'Unknown browser',
    os: [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') || 'Unknown OS',
  };
}
