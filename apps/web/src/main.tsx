import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { App, createHistoryFor, pages } from './app/router';
import { store } from './app/store';
import { createSessionBridge } from './features/auth';
import { connectChatSocket, persistChatSelection } from './features/chat';
import { connectNotificationSocket } from './features/notifications';
import { AppRouter } from './lib/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createSessionBridge(store);
persistChatSelection(store);
connectChatSocket(store);
connectNotificationSocket(store);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <AppRouter history={createHistoryFor(pages)}>
        <App />
      </AppRouter>
    </AppProviders>
  </StrictMode>,
);
