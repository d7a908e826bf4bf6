import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Discussion, DiscussionAudio as AudioState, UploadedFile } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '../../../../lib/testing/fake-server';
import type { FakeServer } from '../../../../lib/testing/fake-server';
import { fetchProfile } from '../../../users';
import { fakeApi, member, restoreHttp } from '../../../../../test/account-fixtures';
import { renderWithProviders } from '../../../../../test/render';
import { DiscussionAudio } from './discussion-audio';

const discussion: Discussion = {
  id: 12,
  title: 'Gardening on a balcony',
  content: 'Start with **herbs**.',
  tags: ['garden'],
  status: 'published',
  author: { id: member.id, username: member.username, avatar: null },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  isLiked: false,
  isBookmarked: false,
  hasAudio: false,
  pollChoices: [],
};

const AUDIO = '/api/forums/forums/12/get_audio/';
const GENERATE = '/api/forums/forums/12/generate_audiourl/';
const FILES = '/api/common/files/';

const none: AudioState = { status: 'none', audioUrl: null, durationSeconds: null, source: null };
const pending: AudioState = { ...none, status: 'pending', source: 'synthesised' };
const speech: AudioState = {
  status: 'ready',
  audioUrl: 'http://localhost/media/audio/12/speech.mp3',
  durationSeconds: 4.2,
  source: 'synthesised',
};
const recording: AudioState = {
  status: 'ready',
  audioUrl: 'http://localhost/media/audio/12/take.webm',
  durationSeconds: null,
  source: 'recorded',
};
const uploaded: UploadedFile = {
  id: 42,
  name: 'x',
  url: 'http://localhost/media/files/7/x.webm',
  mimeType: 'audio/webm',
  sizeBytes: 5,
  createdAt: '2026-03-01T10:00:00.000Z',
  image: null,
};
const SPEC_NAME = /^(.+) \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
});
afterEach(() => {
  restoreHttp();
  vi.unstubAllGlobals();
});

/** Renders the component, as the author (the signed-in member is its author) or a visitor. */
function renderAudio(as: 'author' | 'visitor', shown: Discussion = discussion) {
  const view = renderWithProviders(<DiscussionAudio discussion={shown} />);
  if (as === 'author') {
    act(() => {
      view.store.dispatch(fetchProfile.fulfilled(member, 'test', undefined));
    });
  }
  return view;
}

const toast = (text: string) => screen.findByText(text, {}, { timeout: 5000 });

describe('DiscussionAudio for a member who is not the author', () => {
  it('offers Listen, then a real player whose speed can be changed', async () => {
    server.on('GET', AUDIO, { status: 200, data: speech });
    const user = userEvent.setup();
    renderAudio('visitor');

    expect(await screen.findByText('Read aloud by a synthesised voice · 0:04')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate from text' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Listen' }));

    const player = screen.getByLabelText<HTMLAudioElement>(
      'Audio version of Gardening on a balcony',
    );
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', speech.audioUrl);
    expect(player).toHaveAttribute('controls');
    await user.click(await screen.findByRole('combobox', { name: 'Speed' }));
    await user.click(screen.getByRole('option', { name: '1.5×' }));
    expect(player.playbackRate).toBe(1.5);
    expect(player.defaultPlaybackRate).toBe(1.5);
  });

  it('shows nothing while there is no audio', async () => {
    server.on('GET', AUDIO, { status: 200, data: none });
    const { store } = renderAudio('visitor');
    const answered = () => Object.values(store.getState().api.queries).map((query) => query?.data);
    await waitFor(() => expect(answered()).toEqual([none]));
    expect(screen.queryByText('Audio version')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('DiscussionAudio before its state arrives', () => {
  /** An answer that has not come yet. */
  const unanswered = () => new Promise<never>(() => {});

  it('holds the author’s section, tools and all, so nothing moves when the state comes', async () => {
    server.on('GET', AUDIO, unanswered);
    renderAudio('author');

    const section = await screen.findByRole('region', { name: 'Audio version' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('button', { name: 'Generate from text' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Upload' })).toBeVisible();
    expect(server.received('GET', AUDIO)).toHaveLength(1);
  });

  it('holds a disabled Listen for a discussion that has audio, and nothing for one without', async () => {
    server.on('GET', AUDIO, unanswered);
    const { unmount } = renderAudio('visitor', { ...discussion, hasAudio: true });
    const section = await screen.findByRole('region', { name: 'Audio version' });
    expect(within(section).getByRole('button', { name: 'Listen' })).toBeDisabled();
    unmount();

    renderAudio('visitor');
    await waitFor(() => expect(server.received('GET', AUDIO)).toHaveLength(2));
    expect(screen.queryByText('Audio version')).not.toBeInTheDocument();
  });
});

describe('DiscussionAudio for the author', () => {
  it('generates speech from the text, shows the progress, and plays it once ready', async () => {
    let state = none;
    server.on('GET', AUDIO, () => ({ status: 200, data: state }));
    server.on('POST', GENERATE, () => {
      state = pending;
      // The next poll finds it ready.
      setTimeout(() => (state = speech), 0);
      return { status: 202, data: pending };
    });
    const user = userEvent.setup();
    renderAudio('author');

    await user.click(await screen.findByRole('button', { name: 'Generate from text' }));
    expect(bodyOf(server.received('POST', GENERATE)[0])).toEqual({});
    expect(await screen.findByText('Preparing audio…')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Preparing audio' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Generate from text' })).toBeDisabled();

    expect(await toast('The audio version is ready.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Preparing audio…')).not.toBeInTheDocument());
  });

  it('hides Record where the browser cannot record, and reports failures as toasts', async () => {
    server.on('GET', AUDIO, { status: 200, data: none });
    server.on('POST', GENERATE, {
      status: 403,
      data: { detail: 'Only the author can add an audio version.' },
    });
    const user = userEvent.setup();
    renderAudio('author');

    await user.click(await screen.findByRole('button', { name: 'Generate from text' }));
    expect(await toast('Only the author can add an audio version.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('says so when the speech could not be made', async () => {
    let state = pending;
    server.on('GET', AUDIO, () => {
      const shown = state;
      state = { ...pending, status: 'failed' };
      return { status: 200, data: shown };
    });
    renderAudio('author');
    expect(await toast('The audio version could not be made.')).toBeVisible();
    expect(
      screen.getByText(
        'Making the audio version failed. Generate it again, or record it yourself.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Generate from text' })).toBeEnabled();
  });

  it('uploads an audio file under the SPEC name and attaches it', async () => {
    server.on('GET', AUDIO, { status: 200, data: none });
    server.on('POST', FILES, { status: 201, data: uploaded });
    server.on('POST', GENERATE, { status: 200, data: recording });
    const user = userEvent.setup();
    renderAudio('author');
    await screen.findByRole('button', { name: 'Upload' });

    const file = new File(['ID3 audio'], 'talk.mp3', { type: 'audio/mpeg' });
    await user.upload(screen.getByLabelText('Audio file'), file);

    expect(await toast('Your recording is now the audio version.')).toBeVisible();
    const form = server.received('POST', FILES)[0]?.data as FormData;
    expect(String(form.get('name'))).toMatch(SPEC_NAME);
    expect(SPEC_NAME.exec(String(form.get('name')))?.[1]).toBe('talk.mp3');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(bodyOf(server.received('POST', GENERATE)[0])).toEqual({ audio_id: 42 });
    // The toast can come a render before the card shows the attached recording.
    expect(await screen.findByText('Recorded by the author')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeVisible();
  });

  it('shows the server’s reason when an upload is refused, and attaches nothing', async () => {
    server.on('GET', AUDIO, { status: 200, data: none });
    server.on('POST', FILES, {
      status: 400,
      data: {
        file: ['Upload audio (WebM, Ogg, MP3, WAV, M4A, FLAC or AAC), a PDF or a plain text file.'],
      },
    });
    const user = userEvent.setup();
    renderAudio('author');
    await screen.findByRole('button', { name: 'Upload' });
    await user.upload(
      screen.getByLabelText('Audio file'),
      new File(['x'], 'fake.mp3', { type: 'audio/mpeg' }),
    );
    expect(
      await toast(
        'Upload audio (WebM, Ogg, MP3, WAV, M4A, FLAC or AAC), a PDF or a plain text file.',
      ),
    ).toBeVisible();
    expect(server.received('POST', GENERATE)).toHaveLength(0);
  });

  it('shows nothing of the tools on an archived discussion', async () => {
    server.on('GET', AUDIO, { status: 200, data: speech });
    renderAudio('author', { ...discussion, status: 'archived' });
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });
});

/** A stand-in for the browser's recorder: one chunk of audio when stopped. */
class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob(['webm audio'], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

/** jsdom has no object URLs; the preview needs one. */
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('DiscussionAudio recording', () => {
  const track = { stop: vi.fn() };
  beforeEach(() => {
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    URL.createObjectURL = () => 'blob:take';
    URL.revokeObjectURL = vi.fn();
    track.stop.mockClear();
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });
  const microphone = (getUserMedia: () => Promise<unknown>) =>
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia },
      configurable: true,
    });

  it('records, previews, then uploads the take and attaches it', async () => {
    microphone(async () => ({ getTracks: () => [track] }));
    server.on('GET', AUDIO, { status: 200, data: none });
    server.on('POST', FILES, { status: 201, data: uploaded });
    server.on('POST', GENERATE, { status: 200, data: recording });
    const user = userEvent.setup();
    renderAudio('author');

    await user.click(await screen.findByRole('button', { name: 'Record' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText(/^Recording \d:\d{2}$/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(track.stop).toHaveBeenCalled();

    expect(screen.getByLabelText('Recording preview')).toHaveAttribute('src', 'blob:take');
    await user.click(screen.getByRole('button', { name: 'Use this recording' }));
    expect(await toast('Your recording is now the audio version.')).toBeVisible();
    const form = server.received('POST', FILES)[0]?.data as FormData;
    expect(SPEC_NAME.exec(String(form.get('name')))?.[1]).toBe('recording.webm');
    expect((form.get('file') as File).type).toBe('audio/webm;codecs=opus');
    expect(bodyOf(server.received('POST', GENERATE)[0])).toEqual({ audio_id: 42 });
    await waitFor(() =>
      expect(screen.queryByLabelText('Recording preview')).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeVisible();
  });

  it('asks for the microphone when the member refuses it, and discards a take', async () => {
    let allow = false;
    microphone(async () => {
      if (!allow) throw new DOMException('Permission denied', 'NotAllowedError');
      return { getTracks: () => [track] };
    });
    server.on('GET', AUDIO, { status: 200, data: none });
    const user = userEvent.setup();
    renderAudio('author');

    await user.click(await screen.findByRole('button', { name: 'Record' }));
    expect(await toast('Allow this site to use your microphone to record.')).toBeVisible();

    allow = true;
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByLabelText('Recording preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record' })).toBeVisible();
    expect(server.received('POST', FILES)).toHaveLength(0);
  });
});
