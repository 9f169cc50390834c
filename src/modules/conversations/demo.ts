/**
 * The conversations module's demo data: on the consultation found wanting, the responder asks its
 * proponent for what is missing (an open CONSULT_INCOMPLETE thread, which keeps it INCOMPLETE); on a
 * consultation under way, a conversation about a site visit. Without the consultation module, or its
 * demo, there is nothing to talk about and nothing is made.
 */
import type { DemoSeed } from '../../server/modules/ModuleServer';
import type { Author } from '../../server/store/ItemStore';
import type { ItemData } from '../../shared/items/types';
import { CONSULT_INCOMPLETE, relIds } from './conversationRules';

type Found = { id: string; data: ItemData | string; owner_org: string | null; access: string };
const dataOf = (row: Found): ItemData => (typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data);

/** Fills the demo site: called once, after the other modules' demos, in the seeding transaction. */
export async function conversationDemo({ tx, items, adminId }: DemoSeed): Promise<void> {
  const opts = { admin: true, tx };
  const consultation = async (state: string) =>
    (
      await tx.query<Found>(
        `SELECT id, data, owner_org, access FROM items WHERE type = 'Consultation' AND deleted_at IS NULL AND data->>'state' = $1 ORDER BY idx LIMIT 1`,
        [state],
      )
    ).rows[0];
  const contactByEmail = async (email: string) =>
    (await tx.query<{ id: string }>(`SELECT id FROM items WHERE type = 'Contact' AND deleted_at IS NULL AND data->>'email' = $1`, [email]))
      .rows[0]?.id;
  const responder = await contactByEmail('helen.sinclair@referrals.example.org');
  const helenUser = responder
    ? (await tx.query<{ id: string }>(`SELECT id FROM items WHERE type = 'User' AND (data->'contact'->>'id') = $1`, [responder])).rows[0]
        ?.id
    : undefined;
  if (!responder) return;
  const as = (userId: string | null | undefined): Author => ({ userId: userId ?? adminId, masquerader: null });

  /** A thread with its messages, each written by one of the participants in turn. */
  const thread = async (about: Found, fields: ItemData, messages: ReadonlyArray<readonly [string, string]>) => {
    const data = dataOf(about);
    const proponent = relIds(data.primaryContacts)[0];
    if (!proponent) return;
    const ts = new Date().toISOString();
    const made = await items.create(
      as(helenUser),
      'Thread',
      {
        ...fields,
        context: { id: about.id },
        participants: [{ id: responder }, { id: proponent }],
        ...(about.owner_org ? { owner: { id: about.owner_org } } : {}),
        $sortTS: ts,
      },
      opts,
    );
    for (const [who, body] of messages) {
      const authorRef = who === 'responder' ? responder : proponent;
      await items.create(
        as(who === 'responder' ? helenUser : adminId),
        'Message',
        {
          thread: { id: made.id },
          author: { id: authorRef },
          body,
          participants: [{ id: responder }, { id: proponent }],
          ...(about.owner_org ? { owner: { id: about.owner_org } } : {}),
          ...(made.createdBy ? { threadBy: made.createdBy } : {}),
        },
        opts,
      );
    }
  };

  const incomplete = await consultation('INCOMPLETE');
  if (incomplete)
    await thread(incomplete, { subject: 'What the submission still needs', purpose: CONSULT_INCOMPLETE, actionType: 'REPLY' }, [
      [
        'responder',
        '<p>Thank you for the submission. Before we can review it we need the <strong>project description</strong> and a map of the realigned route.</p>',
      ],
      ['proponent', '<p>Understood. Our engineers are finishing the route map; we will send both by the end of the month.</p>'],
    ]);
  const consulting = await consultation('CONSULTING');
  if (consulting)
    await thread(consulting, { subject: 'Site visit with the Elders', actionType: 'MEETING' }, [
      ['responder', '<p>The Elders would like to walk the route before the community answers. Could your crew join us in two weeks?</p>'],
    ]);
}
