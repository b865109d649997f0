import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPrebuild, loadPrebuilds, PREBUILDS_DIR } from './catalog.js';

/** The data files are checked when read: a broken one stops the service instead of half-installing. */
describe('prebuild files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const shipped = (name: string) => JSON.parse(readFileSync(join(PREBUILDS_DIR, `${name}.json`), 'utf8')) as Record<string, any>;
  /** Loads a directory holding one file `name.json` with this content. */
  const loadOne = (name: string, content: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'prebuilds-'));
    dirs.push(dir);
    writeFileSync(join(dir, `${name}.json`), typeof content === 'string' ? content : JSON.stringify(content));
    return () => loadPrebuilds(dir);
  };

  it('the shipped files load: freelancer, taller, tienda', () => {
    expect([...loadPrebuilds().keys()]).toEqual(['freelancer', 'taller', 'tienda']);
    expect(findPrebuild('tienda').entities.map((e) => e.name)).toEqual(['clientes', 'categorias', 'productos', 'pedidos', 'lineas_pedido']);
    expect(() => findPrebuild('nope')).toThrow('Unknown prebuild "nope"; the prebuilds are: freelancer, taller, tienda');
  });

  it('refuses invalid JSON, a schema break, and a name that is not the file name', () => {
    expect(loadOne('x', '{ nope')).toThrow(/prebuild x.json: not valid JSON/);
    expect(loadOne('x', { ...shipped('tienda'), name: 'x', entities: [] })).toThrow(/prebuild x.json: entities: Too small/);
    const typo = shipped('tienda');
    typo.entities[0].fields[0].fieldType = 'txt';
    expect(loadOne('tienda', typo)).toThrow(/entities.0.fields.0.fieldType/);
    expect(loadOne('other', shipped('tienda'))).toThrow(/name "tienda" differs from the file name/);
  });

  it('refuses rules and sample records that name what the prebuild does not have', () => {
    const p = shipped('tienda');
    p.rules[0].entityName = 'facturas';
    p.sampleData[0].data.colour = 'red';
    p.sampleData.push({ entity: 'lineas_pedido', refs: { pedido: 'nowhere' }, data: {} });
    p.sampleData.push({ entity: 'lineas_pedido', refs: { producto: 'cafe', cantidad: 'cafe' }, data: {} });
    p.sampleData.push({ entity: 'productos', ref: 'cafe', data: {} });
    const message = (() => {
      try {
        loadOne('tienda', p)();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('rules.0: entity "facturas" is not one of the prebuild\'s entities');
    expect(message).toContain('sampleData.0.data.colour: not a field of categorias');
    expect(message).toContain('sampleData.19.refs.pedido: "nowhere" is not the ref of an earlier sample record');
    expect(message).toContain('sampleData.20.refs.producto: "cafe" is a categorias record, the field relates to productos');
    expect(message).toContain('sampleData.20.refs.cantidad: not a relation field of lineas_pedido');
    expect(message).toContain('sampleData.21.ref: "cafe" is used twice');
  });
});
