import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { install, recordsBy, tenantState, type Auth } from './helpers.js';

/**
 * The prebuilds' published rules at work, through the records API: sample data whose derived
 * values are what the rules say, and changes that move them (invoice balance after a payment,
 * order totals, stock refused below zero).
 */
describe('prebuild rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (as: Auth, entity: string, data: Record<string, unknown>) => {
    const res = await t.post(`/api/entities/${entity}/records`, data, as);
    if (res.status !== 201) throw new Error(`create ${entity}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const get = async (as: Auth, entity: string, id: string) => (await t.get(`/api/entities/${entity}/records/${id}`, as)).body.data.data;

  describe('freelancer', () => {
    let as: Auth;
    beforeAll(async () => {
      as = { apiKey: (await t.createTenant('Freelancer')).apiKey };
      await install(t, as, { prebuild: 'freelancer', sampleData: true });
    });

    it('sample invoices: subtotal from their lines, IVA, IRPF, total, paid and balance', async () => {
      const invoices = await recordsBy(t, as, 'facturas', 'numero');
      expect(invoices['F-2026-001']!.data).toMatchObject({
        subtotal: 1620,
        iva_pct: 21,
        iva: 340.2,
        retencion_pct: 15,
        retencion: 243,
        total: 1717.2,
        cobrado: 1717.2,
        saldo: 0,
        estado_cobro: 'pagada',
      });
      expect(invoices['F-2026-002']!.data).toMatchObject({
        subtotal: 2060,
        iva: 432.6,
        retencion: 309,
        total: 2183.6,
        cobrado: 1000,
        saldo: 1183.6,
        estado_cobro: 'parcial',
      });
      // No IVA or IRPF given: 21 % and none.
      expect(invoices['F-2026-003']!.data).toMatchObject({
        subtotal: 750,
        iva_pct: 21,
        iva: 157.5,
        retencion_pct: 0,
        retencion: 0,
        total: 907.5,
        cobrado: 0,
        saldo: 907.5,
        estado_cobro: 'pendiente',
      });
      const clients = await recordsBy(t, as, 'clientes', 'nombre');
      expect(clients['Estudio Lumbre S.L.']!.data).toMatchObject({ facturado: 1717.2, pendiente_cobro: 0 });
      expect(clients['Obrador Sol']!.data).toMatchObject({ facturado: 2183.6, pendiente_cobro: 1183.6 });
      const projects = await recordsBy(t, as, 'proyectos', 'nombre');
      expect(projects['Tienda online']!.data.facturado).toBe(2183.6);
      const lines = await recordsBy(t, as, 'lineas_factura', 'concepto');
      expect(lines['Alta de productos']!.data.importe).toBe(260);
    });

    it('a new invoice follows its lines and payments; an overpayment is refused and nothing is written', async () => {
      const clients = await recordsBy(t, as, 'clientes', 'nombre');
      const clinic = clients['Clínica Dental Ríos']!;
      const invoice = await create(as, 'facturas', { numero: 'F-2026-004', cliente: clinic.id, fecha: '2026-04-30', retencion_pct: 15 });
      expect(invoice.data).toMatchObject({ subtotal: 0, total: 0, saldo: 0, estado_cobro: 'pendiente' });

      const line = await create(as, 'lineas_factura', {
        factura: invoice.id,
        concepto: 'Gestión de redes (abril)',
        cantidad: 3,
        precio: 150.5,
      });
      expect(line.data.importe).toBe(451.5);
      await create(as, 'lineas_factura', { factura: invoice.id, concepto: 'Anuncios', cantidad: 1, precio: 48.5 });
      expect(await get(as, 'facturas', invoice.id)).toMatchObject({ subtotal: 500, iva: 105, retencion: 75, total: 530, saldo: 530 });

      await create(as, 'pagos', { factura: invoice.id, fecha: '2026-05-10', importe: 200, metodo: 'transferencia' });
      expect(await get(as, 'facturas', invoice.id)).toMatchObject({ cobrado: 200, saldo: 330, estado_cobro: 'parcial' });
      expect((await get(as, 'clientes', clinic.id)).pendiente_cobro).toBe(907.5 + 330);

      const before = await tenantState(t, as);
      const over = await t.post('/api/entities/pagos/records', { factura: invoice.id, fecha: '2026-05-11', importe: 400 }, as);
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe('BUSINESS_RULE_ERROR');
      expect(over.body.error.message).toMatch(/Los pagos superan el total de la factura/);
      expect(await tenantState(t, as)).toEqual(before);

      await create(as, 'pagos', { factura: invoice.id, fecha: '2026-05-12', importe: 330, metodo: 'bizum' });
      expect(await get(as, 'facturas', invoice.id)).toMatchObject({ saldo: 0, estado_cobro: 'pagada' });

      // A line changed after payment: the balance follows, and the client's pending amount too.
      await t.patch(`/api/entities/lineas_factura/records/${line.id}`, { cantidad: 4 }, as);
      expect(await get(as, 'facturas', invoice.id)).toMatchObject({
        subtotal: 650.5,
        total: 689.53,
        saldo: 159.53,
        estado_cobro: 'parcial',
      });
      expect((await get(as, 'clientes', clinic.id)).pendiente_cobro).toBeCloseTo(907.5 + 159.53, 6);
    });

    it('refuses lines with no quantity and payments of zero', async () => {
      const invoices = await recordsBy(t, as, 'facturas', 'numero');
      const before = await tenantState(t, as);
      const line = await t.post(
        '/api/entities/lineas_factura/records',
        { factura: invoices['F-2026-003']!.id, concepto: 'x', cantidad: 0, precio: 10 },
        as,
      );
      expect([line.status, line.body.error.code]).toEqual([400, 'BUSINESS_RULE_ERROR']);
      const pay = await t.post('/api/entities/pagos/records', { factura: invoices['F-2026-003']!.id, fecha: '2026-04-01', importe: 0 }, as);
      expect([pay.status, pay.body.error.code]).toEqual([400, 'BUSINESS_RULE_ERROR']);
      expect(await tenantState(t, as)).toEqual(before);
    });
  });

  describe('taller', () => {
    let as: Auth;
    beforeAll(async () => {
      as = { apiKey: (await t.createTenant('Taller')).apiKey };
      await install(t, as, { prebuild: 'taller', sampleData: true });
    });

    it('sample orders: client from the vehicle, total from the services with IVA; stock used by the parts', async () => {
      const orders = await recordsBy(t, as, 'ordenes', 'numero');
      const vehicles = await recordsBy(t, as, 'vehiculos', 'matricula');
      expect(orders['OR-2026-001']!.data).toMatchObject({
        subtotal: 159.75,
        iva: 33.55,
        total: 193.3,
        cliente: vehicles['1234 KLM']!.data.cliente,
      });
      expect(orders['OR-2026-002']!.data).toMatchObject({ subtotal: 190, iva: 39.9, total: 229.9 });
      expect(vehicles['1234 KLM']!.data.num_ordenes).toBe(1);
      const stock = await recordsBy(t, as, 'inventario', 'referencia');
      expect(stock['LUB-5W30']!.data).toMatchObject({ usado: 4.5, stock: 35.5, reponer: false });
      expect(stock['FRE-PAS-LEON']!.data).toMatchObject({ usado: 1, stock: 3, reponer: false });
      expect(stock['NEU-205-55-16']!.data).toMatchObject({ usado: 2, stock: 6 });
    });

    it('a part used beyond its stock is refused and nothing is written; using the rest empties it', async () => {
      const orders = await recordsBy(t, as, 'ordenes', 'numero');
      const stock = await recordsBy(t, as, 'inventario', 'referencia');
      const pads = stock['FRE-PAS-LEON']!;
      const order = orders['OR-2026-002']!;
      const before = await tenantState(t, as);
      const res = await t.post(
        '/api/entities/servicios/records',
        { orden: order.id, descripcion: 'Pastillas', tipo: 'pieza', pieza: pads.id, cantidad: 4, precio: 45 },
        as,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
      expect(res.body.error.message).toMatch(/No hay stock suficiente de esta pieza/);
      expect(await tenantState(t, as)).toEqual(before);

      const used = await create(as, 'servicios', {
        orden: order.id,
        descripcion: 'Pastillas',
        tipo: 'pieza',
        pieza: pads.id,
        cantidad: 3,
        precio: 45,
      });
      expect(await get(as, 'inventario', pads.id)).toMatchObject({ usado: 4, stock: 0, reponer: true });
      expect(await get(as, 'ordenes', order.id)).toMatchObject({ subtotal: 325, iva: 68.25, total: 393.25 });

      // Removing the service gives the parts back.
      expect((await t.delete(`/api/entities/servicios/records/${used.id}`, as)).status).toBe(200);
      expect(await get(as, 'inventario', pads.id)).toMatchObject({ stock: 3 });
      expect(await get(as, 'ordenes', order.id)).toMatchObject({ total: 229.9 });
    });

    it('a part service without its part is refused', async () => {
      const orders = await recordsBy(t, as, 'ordenes', 'numero');
      const res = await t.post(
        '/api/entities/servicios/records',
        { orden: orders['OR-2026-001']!.id, descripcion: 'Bujías', tipo: 'pieza', cantidad: 4, precio: 9 },
        as,
      );
      expect([res.status, res.body.error.code]).toEqual([400, 'BUSINESS_RULE_ERROR']);
      expect(res.body.error.message).toMatch(/indica la pieza del inventario/);
    });
  });

  describe('tienda', () => {
    let as: Auth;
    beforeAll(async () => {
      as = { apiKey: (await t.createTenant('Tienda')).apiKey };
      await install(t, as, { prebuild: 'tienda', sampleData: true });
    });

    it('sample orders: total from their lines plus shipping; stock decremented by the lines', async () => {
      const orders = await recordsBy(t, as, 'pedidos', 'numero');
      expect(orders['P-1001']!.data).toMatchObject({ articulos: 3, gastos_envio: 4.95, total: 45.65 });
      expect(orders['P-1001']!.data.subtotal).toBeCloseTo(40.7, 9);
      expect(orders['P-1002']!.data).toMatchObject({ articulos: 16, subtotal: 146, gastos_envio: 0, total: 146 });
      expect(orders['P-1003']!.data).toMatchObject({ subtotal: 6.5, total: 11.45 });
      const products = await recordsBy(t, as, 'productos', 'sku');
      expect(products['CAF-COL-250']!.data).toMatchObject({ vendidos: 2, stock: 48 });
      expect(products['ACC-CAF-6']!.data).toMatchObject({ vendidos: 1, stock: 4 });
      expect(products['ACC-TAZ-01']!.data).toMatchObject({ vendidos: 6, stock: 6 });
      const categories = await recordsBy(t, as, 'categorias', 'nombre');
      expect(categories['Café']!.data.num_productos).toBe(2);
      const clients = await recordsBy(t, as, 'clientes', 'nombre');
      expect(clients['Bar La Esquina']!.data.total_compras).toBe(146);
    });

    it('a line beyond the stock is refused and nothing is written; changing and deleting lines moves stock and totals', async () => {
      const products = await recordsBy(t, as, 'productos', 'sku');
      const orders = await recordsBy(t, as, 'pedidos', 'numero');
      const pot = products['ACC-CAF-6']!;
      const order = orders['P-1003']!;
      const before = await tenantState(t, as);
      const res = await t.post(
        '/api/entities/lineas_pedido/records',
        { pedido: order.id, producto: pot.id, cantidad: 5, precio: 24.9 },
        as,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
      expect(res.body.error.message).toMatch(/No hay stock suficiente de este producto/);
      expect(await tenantState(t, as)).toEqual(before);

      const line = await create(as, 'lineas_pedido', { pedido: order.id, producto: pot.id, cantidad: 4, precio: 24.9 });
      expect(line.data.importe).toBe(99.6);
      expect(await get(as, 'productos', pot.id)).toMatchObject({ vendidos: 5, stock: 0 });
      expect(await get(as, 'pedidos', order.id)).toMatchObject({ articulos: 5, total: 111.05 });

      // Raising the quantity past the stock is refused too; lowering it gives stock back.
      const raise = await t.patch(`/api/entities/lineas_pedido/records/${line.id}`, { cantidad: 6 }, as);
      expect([raise.status, raise.body.error.code]).toEqual([400, 'BUSINESS_RULE_ERROR']);
      await t.patch(`/api/entities/lineas_pedido/records/${line.id}`, { cantidad: 1 }, as);
      expect(await get(as, 'productos', pot.id)).toMatchObject({ stock: 3 });
      expect(await get(as, 'pedidos', order.id)).toMatchObject({ total: 36.35 });

      // A restock (more units received) lifts the stock; deleting the line returns its units.
      await t.patch(`/api/entities/productos/records/${pot.id}`, { stock_inicial: 10 }, as);
      expect(await get(as, 'productos', pot.id)).toMatchObject({ stock: 8 });
      await t.delete(`/api/entities/lineas_pedido/records/${line.id}`, as);
      expect(await get(as, 'productos', pot.id)).toMatchObject({ vendidos: 1, stock: 9 });
      expect(await get(as, 'pedidos', order.id)).toMatchObject({ total: 11.45 });
    });
  });
});
