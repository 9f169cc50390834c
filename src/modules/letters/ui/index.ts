/** The letters module's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { LettersPanel } from './LettersPanel';
import { LetterTemplatesView } from './LetterTemplatesView';
import { lettersMessages } from './messages';

export const lettersScreens: ModuleScreens = {
  views: { 'v-consult.letter-templates': LetterTemplatesView },
  panels: { ConsultResponse: [LettersPanel] },
  messages: lettersMessages,
};
