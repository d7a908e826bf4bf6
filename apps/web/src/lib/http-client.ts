import axios from 'axios';
import { UPLOAD_MAX_BYTES } from '@agora/shared';

/** The one HTTP client for the API base (SPEC §7): JSON, 100 MB content limit. */
export const http = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '/',
  headers: { 'Content-Type': 'application/json' },
  maxContentLength: UPLOAD_MAX_BYTES,
  maxBodyLength: UPLOAD_MAX_BYTES,
});
