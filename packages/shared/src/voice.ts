import { MESSAGES } from './constants';
import type { Country } from './countries';

/*
 * Messages are written once, in tú; each build speaks its own Spanish: Argentina voseo ("Ingresá el DNI"),
 * Colombia usted ("Ingrese el DNI"). The table holds the tú forms the messages use, each spoken whole-word
 * and in its own case; a form not in the table stays as written.
 */

/**
 * tú → [arg voseo, col usted]. Phrases before single words: "vuelve" alone is also the third person; a
 * form marked 'start' is spoken only capitalised (an imperative), lowercase it is a noun or the third
 * person ("la consulta", "el sistema usa").
 */
const FORMS: ReadonlyArray<readonly [string, string, string, 'start'?]> = [
  ['que te la reasigne', 'que te la reasigne', 'que se la reasigne'],
  ['se te', 'se te', 'se le'],
  ['te quedan', 'te quedan', 'le quedan'],
  ['te queda', 'te queda', 'le queda'],
  ['te pedimos', 'te pedimos', 'le pedimos'],
  ['te pediremos', 'te pediremos', 'le pediremos'],
  ['acota el filtro', 'acotá el filtro', 'acote el filtro'],
  ['precisa la búsqueda', 'precisá la búsqueda', 'precise la búsqueda'],
  ['sube un csv', 'subí un CSV', 'suba un CSV'],
  ['si los completas', 'si los completás', 'si los completa'],
  ['pasa al calendario', 'pasá al calendario', 'pase al calendario'],
  ['pasa a la vista', 'pasá a la vista', 'pase a la vista'],
  ['vuelve a intentarlo', 'volvé a intentarlo', 'vuelva a intentarlo'],
  ['vuelve a intentar', 'volvé a intentar', 'vuelva a intentar'],
  ['vuelve a cargarlo', 'volvé a cargarlo', 'vuelva a cargarlo'],
  ['vuelve a subirlo', 'volvé a subirlo', 'vuelva a subirlo'],
  ['vuelve a guardar', 'volvé a guardar', 'vuelva a guardar'],
  ['a ti', 'a vos', 'a usted'],
  ['ingresa', 'ingresá', 'ingrese', 'start'],
  ['revisa', 'revisá', 'revise'],
  ['elige', 'elegí', 'elija'],
  ['selecciona', 'seleccioná', 'seleccione'],
  ['escribe', 'escribí', 'escriba'],
  ['espera', 'esperá', 'espere', 'start'],
  ['intenta', 'intentá', 'intente'],
  ['inténtalo', 'intentalo', 'inténtelo'],
  ['indica', 'indicá', 'indique', 'start'],
  ['usa', 'usá', 'use', 'start'],
  ['consulta', 'consultá', 'consulte', 'start'],
  ['pide', 'pedí', 'pida', 'start'],
  ['pídeselo', 'pedíselo', 'pídaselo'],
  ['recarga', 'recargá', 'recargue'],
  ['configúrala', 'configurala', 'configúrela'],
  ['cuélgala', 'colgala', 'cuélguela'],
  ['guárdalo', 'guardalo', 'guárdelo'],
  ['guarda', 'guardá', 'guarde', 'start'],
  ['pídele', 'pedile', 'pídale'],
  ['revísalo', 'revisalo', 'revíselo'],
  ['complétalo', 'completalo', 'complételo'],
  ['déjalo', 'dejalo', 'déjelo'],
  ['divídelo', 'dividilo', 'divídalo'],
  ['ábrelo', 'abrilo', 'ábralo'],
  ['súbelo', 'subilo', 'súbalo'],
  ['acótalo', 'acotalo', 'acótelo'],
  ['ejecútala', 'ejecutala', 'ejecútela'],
  ['adjunta', 'adjuntá', 'adjunte', 'start'],
  ['toma', 'tomá', 'tome', 'start'],
  ['arrastra', 'arrastrá', 'arrastre', 'start'],
  ['escanea', 'escaneá', 'escanee', 'start'],
  ['configura', 'configurá', 'configure', 'start'],
  ['haz', 'hacé', 'haga'],
  ['tienes', 'tenés', 'tiene'],
  ['crees', 'creés', 'cree'],
  ['sigues', 'seguís', 'sigue'],
  ['ves', 'ves', 've'],
  ['estabas', 'estabas', 'estaba'],
  ['escribiste', 'escribiste', 'escribió'],
  ['alcanzaste', 'alcanzaste', 'alcanzó'],
  ['tomaste', 'tomaste', 'tomó'],
  ['usaste', 'usaste', 'usó'],
  ['recuperaste', 'recuperaste', 'recuperó'],
  ['editabas', 'editabas', 'editaba'],
  ['mirabas', 'mirabas', 'miraba'],
  ['decidías', 'decidías', 'decidía'],
  ['indiques', 'indiques', 'indique'],
  ['puedes', 'podés', 'puede'],
  ['debes', 'debés', 'debe'],
  ['estás', 'estás', 'está'],
  ['estés', 'estés', 'esté'],
  ['desactivarte', 'desactivarte', 'desactivarse'],
  ['tu', 'tu', 'su'],
  ['tus', 'tus', 'sus'],
  ['tú', 'vos', 'usted'],
];

/** SPEC's own strings, said exactly as SPEC writes them in both builds (also without their 'Error: '). */
const SPEC_LITERALS: readonly string[] = [
  MESSAGES.neotelLoginError,
  MESSAGES.noNeotelUser,
  MESSAGES.postponeConfirm,
  MESSAGES.confirmMessage,
].flatMap((text) => [text, text.replace(/^Error: /, '')]);

const LETTER = 'a-záéíóúüñ';
const PATTERN = new RegExp(`(?<![${LETTER}])(${FORMS.map(([tu]) => tu.replace(/ /g, '\\s+')).join('|')})(?![${LETTER}])`, 'giu');
const SPOKEN = new Map(FORMS.map(([tu, arg, col, only]) => [tu, { arg, col, start: only === 'start' }]));

/** The first letter's case of `like` on `text`. */
function inCaseOf(like: string, text: string): string {
  const first = like.charAt(0);
  return first !== first.toLowerCase() ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** A tú-voiced message in the country's voice; SPEC's own strings as SPEC writes them. */
export function inVoice(country: Country, message: string): string {
  if (SPEC_LITERALS.includes(message)) return message;
  return message.replace(PATTERN, (found) => {
    const spoken = SPOKEN.get(found.toLowerCase().replace(/\s+/g, ' '));
    if (!spoken || (spoken.start && found.charAt(0) === found.charAt(0).toLowerCase())) return found;
    return inCaseOf(found, spoken[country]);
  });
}
