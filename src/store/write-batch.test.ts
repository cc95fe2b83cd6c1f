import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import { type Db, openStore } from './overlay-db.js';
import { WriteBatch } from './write-batch.js';

const tempDir = tempDirs('write-batch-');

/** A writer connection and a reader connection on one store: the reader sees only committed rows. */
function twoConnections(): { writer: Db; reader: Db } {
  const dir = tempDir();
  const writer = openStore(dir, { writable: true });
  writer.exec('CREATE TABLE t (v INTEGER)');
  return { writer, reader: openStore(dir, { writable: false }) };
}

const committed = (reader: Db): number => (reader.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;

describe('WriteBatch: small writes grouped into one transaction', () => {
  it('commits only at checkpoints past its interval and at the end; inner transactions are savepoints', () => {
    const { writer, reader } = twoConnections();
    const batch = new WriteBatch(writer, 60_000);
    batch.begin();
    const insert = writer.transaction((v: number) => writer.prepare('INSERT INTO t VALUES (?)').run(v));
    insert(1);
    insert(2);
    batch.checkpoint();
    expect(committed(reader)).toBe(0);
    expect(() =>
      writer.transaction(() => {
        insert(3);
        throw new Error('a failed write');
      })(),
    ).toThrow('a failed write');
    batch.end();
    expect(committed(reader)).toBe(2);
  });

  it('with a zero interval every checkpoint commits', () => {
    const { writer, reader } = twoConnections();
    const batch = new WriteBatch(writer, 0);
    batch.begin();
    writer.prepare('INSERT INTO t VALUES (1)').run();
    batch.checkpoint();
    expect(committed(reader)).toBe(1);
    writer.prepare('INSERT INTO t VALUES (2)').run();
    batch.end();
    expect(committed(reader)).toBe(2);
  });

  it("leaves a caller's transaction alone", () => {
    const { writer, reader } = twoConnections();
    const batch = new WriteBatch(writer, 0);
    writer.exec('BEGIN');
    batch.begin();
    writer.prepare('INSERT INTO t VALUES (1)').run();
    batch.checkpoint();
    batch.end();
    expect(committed(reader)).toBe(0);
    writer.exec('COMMIT');
    expect(committed(reader)).toBe(1);
  });
});
