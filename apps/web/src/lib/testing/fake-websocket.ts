import type { WebSocketLike } from '../socket-client';

/** Test double for the browser's WebSocket: records every socket and lets a test drive it. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The socket opened most recently. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }

  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** The code the client closed it with, if it did. */
  closedWith: number | undefined;
  /** Every text the client sent, parsed when it is JSON. */
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1005;
  }

  send(data: string): void {
    try {
      this.sent.push(JSON.parse(data));
    } catch {
      this.sent.push(data);
    }
  }

  /** The server accepts the connection. */
  open(): void {
    this.onopen?.(new Event('open'));
  }

  /** The server sends a text frame. */
  receive(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The connection ends from the server's side (or fails to open). */
  serverClose(code = 1006): void {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
