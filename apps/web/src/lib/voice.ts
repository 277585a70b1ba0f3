import { inVoice } from '@backoffice/shared';
import { COUNTRY } from '../config/env';

/** A text written in tú, in this build's voice (arg voseo, col usted): see packages/shared/src/voice.ts. */
export const say = (text: string): string => inVoice(COUNTRY, text);
