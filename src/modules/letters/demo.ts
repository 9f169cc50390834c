/** The demo community's letters (RLT_LETTERS) and their texts: an acknowledgement and a response with the community's concerns. */
import type { DemoSeed } from '../../server/modules/ModuleServer';
import type { Author } from '../../server/store/ItemStore';
import { LETTERS_LIST } from './letterRules';

const SYSTEM: Author = { userId: null, masquerader: null };

/** The demo's letters: list key, its name, the mail's subject and the text. */
export const DEMO_LETTERS: ReadonlyArray<{ key: string; name: string; subject: string; body: string }> = [
  {
    key: 'ACKNOWLEDGE',
    name: 'Acknowledgement of receipt',
    subject: 'Received: {{consultation.projectName}}',
    body: [
      '<p>{{letter.date}}</p>',
      '<p>To {{letter.recipients}},</p>',
      '<p>Thank you for sharing the information about <strong>{{consultation.projectName}}</strong> with {{community.name}}.</p>',
      '<p>Our lands office has received it and will review it with the community’s knowledge keepers. We expect to answer by <strong>{{response.anticipatedResponse}}</strong>. Please send any further material about the project to us rather than to individual members, so that it reaches everyone who needs it.</p>',
      '<p>Receiving this information is not consent to the project, and it does not mean that consultation has taken place.</p>',
      '<p>With respect,</p>',
      '<p>{{signer.name}}<br>{{community.name}}<br>{{signer.email}}</p>',
    ].join(''),
  },
  {
    key: 'RESPONSE',
    name: 'Response with concerns',
    subject: '{{community.name}}: response on {{consultation.projectName}}',
    body: [
      '<p>{{letter.date}}</p>',
      '<p>To {{letter.recipients}},</p>',
      '<h2>Re: {{consultation.projectName}}</h2>',
      '<p>{{community.name}} has reviewed the proposal from {{consultation.proponent}} with its members, Elders and land users. The project lies within lands the community has used and cared for since time immemorial.</p>',
      '<p>The community has the following concerns, which must be addressed before the work proceeds:</p>',
      '<ol><li>Effects on wildlife, harvesting areas and the people who rely on them.</li>',
      '<li>Protection of water, cultural and heritage sites along the route.</li>',
      '<li>A site visit with community members before any clearing begins.</li></ol>',
      '<p>We ask that you meet with our lands office to discuss these concerns. This letter does not close consultation, and it is written without prejudice to the community’s rights.</p>',
      '<p>With respect,</p>',
      '<p>{{signer.name}}<br>{{community.name}}<br>{{signer.email}}</p>',
    ].join(''),
  },
];

/** The demo community's letters and their texts. */
export async function lettersDemo({ tx, items, organizations }: DemoSeed): Promise<void> {
  const owner = { id: organizations.community };
  for (const letter of DEMO_LETTERS) {
    await items.create(
      SYSTEM,
      'LOVValue',
      { list: LETTERS_LIST, key: letter.key, t: { en: letter.name }, owner, state: 'ACTIVE' },
      { admin: true, tx },
    );
    await items.create(
      SYSTEM,
      'LetterTemplate',
      { owner, letter: letter.key, subject: letter.subject, body: letter.body },
      { admin: true, tx },
    );
  }
}
