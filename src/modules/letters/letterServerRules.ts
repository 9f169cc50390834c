/** Names the letters module reads from the consultation module's world, without importing it (modules never import each other). */

/** The consultation-respond capability (spec 001 §6): the site's responders read every community's responses. */
export const CONSULT_RESPOND_CAPABILITY = 'ConsultRespond';
