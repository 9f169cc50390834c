/** The English messages of the live-assist widget (spec 000 §8's prompts and buttons word for word). */
import { ASSIST_PROMPT_TEXTS } from '../protocol';

export const assistMessages: Readonly<Record<string, string>> = {
  ...ASSIST_PROMPT_TEXTS,
  'assist.title': 'Live help',
  'assist.intro':
    'A support agent can help you here, in this tab: they see the page you are on, and they ask you before they take control, call you or record anything.',
  'assist.you': 'You: {name} ({email})',
  'assist.ask': 'Ask for help',
  'assist.close': 'Close',
  'assist.signIn': 'Please sign in first: a support agent can then help you here, in this tab.',
  'assist.end': 'End',
  'assist.status.connecting': 'Connecting…',
  'assist.status.waiting': 'Waiting for an agent…',
  'assist.status.helping': '{names} {count, plural, one {is} other {are}} helping you',
  'assist.status.reconnecting': 'The connection was lost. Reconnecting…',
  'assist.status.failed': 'Live help could not connect. Please try again later.',
  'assist.endedByAgent': 'The agent ended the session.',
  'assist.state.control': 'The agent has remote control.',
  'assist.state.controlPaused': 'Remote control is paused while this tab is hidden.',
  'assist.state.call': 'You are on a call with the agent.',
  'assist.state.recording': 'This tab is being recorded.',
  'assist.stopControl': 'Take back control',
  'assist.hangUp': 'Hang up',
  'assist.stopRecording': 'Stop recording',
  'assist.live.place': 'A place on the map',
  'assist.live.filled': 'Filled in',
};
