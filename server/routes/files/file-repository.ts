import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Records a stored upload (t_file). */
export async function recordUpload(db: Kysely<DB>, file: Insertable<DB['t_file']>): Promise<void> {
  await db.insertInto('t_file').values(file).execute();
}
