import { useState } from 'react';
import { FILE_MAX_BYTES, uploadName } from '@agora/shared';
import { useToast } from '../../../../lib/toasts/use-toast';
import { errorMessage } from '../../../../lib/api-error';
import { apiFailure } from '../../../auth';
import { uploadFile, useGenerateDiscussionAudioMutation } from '../../audio-api';

/**
 * Uploading a recording or an audio file, then attaching it as the discussion's audio; both
 * steps report failures as toasts. `progress` is the upload's, 0 to 1, while it runs; `busy`
 * lasts until the recording is attached.
 */
export function useAttachAudio(discussionId: number) {
  const toast = useToast();
  const [generate, { isLoading: attaching }] = useGenerateDiscussionAudioMutation();
  const [progress, setProgress] = useState<number | null>(null);

  const attach = async (audio: Blob, fileName: string): Promise<boolean> => {
    if (audio.size > FILE_MAX_BYTES) {
      toast.error('Choose a recording of at most 100 MB.');
      return false;
    }
    setProgress(0);
    // SPEC §3: the name sent is the original file name plus the UTC time.
    const name = uploadName(fileName, new Date());
    const file = await uploadFile(audio, fileName, name, setProgress).catch((error: unknown) => {
      toast.error(errorMessage(error));
      return null;
    });
    setProgress(null);
    if (!file) return false;
    try {
      await generate({ id: discussionId, audioId: file.id }).unwrap();
    } catch (error) {
      toast.error(apiFailure(error).message);
      return false;
    }
    toast.success('Your recording is now the audio version.');
    return true;
  };

  return { attach, progress, busy: progress !== null || attaching };
}
