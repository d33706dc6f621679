import { useEffect, useReducer } from 'react';
import { displayChannelName, type DisplayChannelMessage } from '@shopdesk/shared';
import { displayReducer, initialView, readChannelMessage, type DisplayView } from './display-view.ts';
import { PairedSource } from './paired-source.ts';

/** A paired display's view: the server's snapshot and pushed states (paired-source.ts). */
export function usePairedDisplay(token: string): DisplayView {
  const [view, dispatch] = useReducer(displayReducer, initialView);
  useEffect(() => {
    const source = new PairedSource(token, dispatch);
    source.start();
    const online = () => source.reconnectNow();
    const offline = () => source.drop();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      source.stop();
    };
  }, [token]);
  return view;
}

/**
 * The counter's second window: states come over the device's BroadcastChannel, with the store, so
 * it needs no request and works offline. It says `hello` on opening, and the counter answers with
 * its state. Until then (or without a counter open) it waits.
 */
export function useWindowDisplay(store: string): DisplayView {
  const [view, dispatch] = useReducer(displayReducer, initialView);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(displayChannelName(store));
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = readChannelMessage(event.data);
      if (message?.type === 'state') dispatch({ type: 'state', state: message.state, store: message.store });
    };
    channel.postMessage({ type: 'hello' } satisfies DisplayChannelMessage);
    return () => channel.close();
  }, [store]);
  return view;
}
