import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * A compact column notation for migrations, so one migration reads like a schema and runs on both
 * SQLite and PostgreSQL:
 *   `id` (auto-increment primary key), `int`, `bigint`, `real`, `text`, each optionally followed by
 *   `!` (not null), `=<default>` and `>table` (foreign key to table.id, `>table*` on delete cascade).
 * Examples: `text!`, `int!=0`, `text!=''`, `int>t_org`, `int!>t_project*`.
 */
export type Columns = Record<string, string>;

const PATTERN = /^(id|int|bigint|real|text)(!)?(?:=([^>]*))?(?:>(\w+)(\*)?)?$/;

export type Dialect = 'sqlite' | 'postgres';

export async function createTable(
  db: Kysely<unknown>,
  dialect: Dialect,
  name: string,
  columns: Columns,
  extra?: (t: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string>,
): Promise<void> {
  let t = db.schema.createTable(name) as CreateTableBuilder<string, string>;
  for (const [column, spec] of Object.entries(columns)) {
    const m = PATTERN.exec(spec);
    if (!m) throw new Error(`bad column spec ${name}.${column}: ${spec}`);
    const [, type, notNull, def, ref, cascade] = m;
    if (type === 'id') {
      t = dialect === 'sqlite'
        ? t.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
        : t.addColumn(column, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      continue;
    }
    const sqlType = type === 'int' ? 'integer' : type === 'real' ? 'double precision' : type === 'bigint' ? 'bigint' : 'text';
    t = t.addColumn(column, sqlType, (c) => {
      let col = c;
      if (notNull) col = col.notNull();
      if (def !== undefined) col = col.defaultTo(sql.raw(def));
      if (ref) col = col.references(`${ref}.id`).onDelete(cascade ? 'cascade' : 'restrict');
      return col;
    });
  }
  if (extra) t = extra(t);
  await t.execute();
}

export async function createIndex(db: Kysely<unknown>, table: string, columns: string[], unique = false): Promise<void> {
  let b = db.schema.createIndex(`ix_${table}_${columns.join('_')}`).on(table).columns(columns);
  if (unique) b = b.unique();
  await b.execute();
}
