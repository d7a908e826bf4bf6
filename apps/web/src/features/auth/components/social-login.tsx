import { useState } from 'react';
import { GoogleOAuthProvider, useGoogleLogin } from '@react-oauth/google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Apple from '@mui/icons-material/Apple';
import Facebook from '@mui/icons-material/Facebook';
import Google from '@mui/icons-material/Google';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { useGetProvidersQuery } from '../auth-api';
import { loginWithApple, loginWithFacebook, loginWithGoogle } from '../auth-slice';

/** SPEC §2: Google sign-in asks for these scopes. */
const GOOGLE_SCOPES = 'openid profile email';
const APPLE_SDK =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
const FACEBOOK_SDK = 'https://connect.facebook.net/en_US/sdk.js';

interface AppleSdk {
  auth: {
    init: (config: Record<string, unknown>) => void;
    signIn: () => Promise<{ authorization: { code: string; id_token: string } }>;
  };
}
interface FacebookSdk {
  init: (config: Record<string, unknown>) => void;
  login: (
    callback: (response: { authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ) => void;
}
declare global {
  interface Window {
    AppleID?: AppleSdk;
    FB?: FacebookSdk;
  }
}

/** Loads a provider's SDK once; later calls share the first load. */
const loading = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let load = loading.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, load);
  }
  return load;
}

type Provider = 'google' | 'apple' | 'facebook';
/** A sign-in thunk's result: undefined when it succeeded, else the member-facing message. */
type Outcome = string | undefined;
/** Runs one provider's sign-in; its function resolves with null when the member closed the popup. */
type Run = (provider: Provider, signIn: () => Promise<Outcome | null>) => void;

function outcomeOf(result: { payload?: unknown; meta: { requestStatus: string } }): Outcome {
  if (result.meta.requestStatus === 'fulfilled') return undefined;
  return typeof result.payload === 'string' ? result.payload : 'Sign-in failed. Try again.';
}

function GoogleButton({ run, busy }: { run: Run; busy: Provider | null }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const start = useGoogleLogin({
    flow: 'implicit',
    scope: GOOGLE_SCOPES,
    overrideScope: true,
    onSuccess: (answer) =>
      run('google', async () =>
        outcomeOf(await dispatch(loginWithGoogle({ access_token: answer.access_token }))),
      ),
    onError: (answer) =>
      toast.error(answer.error_description ?? 'Google sign-in was not completed.'),
  });
  return (
    <Button
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      startIcon={<Google />}
      loading={busy === 'google'}
      disabled={busy !== null}
      onClick={() => start()}
    >
      Continue with Google
    </Button>
  );
}

interface SocialLoginProps {
  /** Called after a provider signed the member in. */
  onSignedIn: () => void;
}

/** Google, Apple and Facebook buttons, each shown only when the server is configured for it. */
export function SocialLogin({ onSignedIn }: SocialLoginProps) {
  const { data: providers } = useGetProvidersQuery(undefined);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [busy, setBusy] = useState<Provider | null>(null);

  if (!providers || (!providers.google && !providers.apple && !providers.facebook)) return null;

  const run: Run = (provider, signIn) => {
    setBusy(provider);
    signIn()
      .then((outcome) => {
        if (outcome === null) return;
        if (outcome === undefined) onSignedIn();
        else toast.error(outcome);
      })
      .catch(() => toast.error('That sign-in window could not be opened. Try again.'))
      .finally(() => setBusy(null));
  };

  const apple = providers.apple;
  const facebook = providers.facebook;

  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Divider sx={{ color: 'text.secondary', typography: 'body2', mb: 1 }}>or</Divider>
      {providers.google && (
        <GoogleOAuthProvider clientId={providers.google}>
          <GoogleButton run={run} busy={busy} />
        </GoogleOAuthProvider>
      )}
      {apple && (
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          fullWidth
          startIcon={<Apple />}
          loading={busy === 'apple'}
          disabled={busy !== null}
          onClick={() =>
            run('apple', async () => {
              await loadScript(APPLE_SDK);
              const sdk = window.AppleID;
              if (!sdk) throw new Error('Apple sign-in is unavailable.');
              sdk.auth.init({
                clientId: apple,
                scope: 'name email',
                redirectURI: window.location.origin,
                usePopup: true,
              });
              const { authorization } = await sdk.auth.signIn();
              const result = await dispatch(
                loginWithApple({
                  access_token: authorization.code,
                  id_token: authorization.id_token,
                }),
              );
              return outcomeOf(result);
            })
          }
        >
          Continue with Apple
        </Button>
      )}
      {facebook && (
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          fullWidth
          startIcon={<Facebook />}
          loading={busy === 'facebook'}
          disabled={busy !== null}
          onClick={() =>
            run('facebook', async () => {
              await loadScript(FACEBOOK_SDK);
              const sdk = window.FB;
              if (!sdk) throw new Error('Facebook sign-in is unavailable.');
              sdk.init({ appId: facebook, version: 'v19.0', xfbml: false, cookie: false });
              const token = await new Promise<string | null>((resolve) =>
                sdk.login((answer) => resolve(answer.authResponse?.accessToken ?? null), {
                  scope: 'public_profile,email',
                }),
              );
              if (token === null) return null;
              return outcomeOf(await dispatch(loginWithFacebook({ access_token: token })));
            })
          }
        >
          Continue with Facebook
        </Button>
      )}
    </Stack>
  );
}
