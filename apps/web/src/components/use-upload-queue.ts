import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** One file of an upload queue, as the list of uploads shows it. */
export interface UploadItem {
  key: string;
  name: string;
  sizeBytes: number;
  /** 0 to 1. */
  progress: number;
  status: UploadStatus;
  /** Why this file was refused, in words a member can act on. */
  error?: string;
}

export interface UploadQueueOptions {
  /** Sends one file; `onProgress` takes the fraction sent, from 0 to 1. */
  send: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** A refusal known before sending (too large, no room left), or null to send. */
  check?: (file: File) => string | null;
  /** Files sent at once: each has its own request, so one refused file spoils no other. */
  concurrency?: number;
  /** Called once every file of a batch has been sent or refused. */
  onSettled?: (summary: { uploaded: number; failed: number }) => void;
}

export interface UploadQueue {
  items: UploadItem[];
  /** True while a file waits or is being sent. */
  busy: boolean;
  add: (files: Iterable<File>) => void;
  dismiss: (key: string) => void;
  /** Forgets the files sent and refused; those still waiting or being sent stay. */
  clearFinished: () => void;
}

let counter = 0;

/**
 * Uploads files one request each, a few at a time, with a progress and an outcome per file,
 * so a refused file (type, size, quota) says why without losing the others.
 */
export function useUploadQueue({
  send,
  check,
  concurrency = 2,
  onSettled,
}: UploadQueueOptions): UploadQueue {
  const [items, setItems] = useState<UploadItem[]>([]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The latest callbacks, so a batch started before a re-render uses the current ones.
  const latest = useRef({ send, check, onSettled });
  useEffect(() => {
    latest.current = { send, check, onSettled };
  });

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    if (!mounted.current) return;
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const batch = [...files].map((file) => {
        counter += 1;
        const refusal = latest.current.check?.(file) ?? null;
        const item: UploadItem = {
          key: `upload-${counter}`,
          name: file.name,
          sizeBytes: file.size,
          progress: 0,
          status: refusal ? 'failed' : 'waiting',
          ...(refusal ? { error: refusal } : {}),
        };
        return { file, item };
      });
      if (batch.length === 0) return;
      setItems((current) => [...current, ...batch.map(({ item }) => item)]);

      const waiting = batch.filter(({ item }) => item.status === 'waiting');
      let uploaded = 0;
      let failed = batch.length - waiting.length;
      const next = async (): Promise<void> => {
        const entry = waiting.shift();
        if (!entry) return;
        const { file, item } = entry;
        update(item.key, { status: 'uploading' });
        try {
          await latest.current.send(file, (progress) => update(item.key, { progress }));
          uploaded += 1;
          update(item.key, { status: 'done', progress: 1 });
        } catch (error) {
          failed += 1;
          update(item.key, {
            status: 'failed',
            error: errorMessage(error, `${file.name} could not be uploaded. Try again.`),
          });
        }
        return next();
      };
      const workers = Array.from({ length: Math.min(concurrency, waiting.length) }, next);
      void Promise.all(workers).then(() => {
        if (mounted.current) latest.current.onSettled?.({ uploaded, failed });
      });
    },
    [concurrency, update],
  );

  const dismiss = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) =>
      current.filter((item) => item.status === 'waiting' || item.status === 'uploading'),
    );
  }, []);

  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return { items, busy, add, dismiss, clearFinished };
}
