import { describe, expect, it } from 'vitest';
import type { FieldInfo } from './field-names.js';
import { ruleFromSentence } from './sentence-rule.js';

const FIELDS: FieldInfo[] = [
  ['cantidad', 'Cantidad', 'number'],
  ['precio', 'Precio', 'number'],
  ['precio_unitario', 'Precio unitario', 'number'],
  ['total', 'Total', 'number'],
  ['iva', 'IVA', 'number'],
  ['base', 'Base imponible', 'number'],
  ['importe', 'Importe', 'number'],
  ['email', 'Email', 'email'],
  ['nombre', 'Nombre', 'text'],
  ['codigo', 'Código', 'text'],
  ['estado', 'Estado', 'select'],
  ['fecha_pago', 'Fecha de pago', 'date'],
  ['fecha_inicio', 'Fecha inicio', 'date'],
  ['fecha_fin', 'Fecha fin', 'date'],
  ['es_empresa', 'Es empresa', 'boolean'],
  ['cif', 'CIF', 'text'],
  ['price', 'Price', 'number'],
  ['quantity', 'Quantity', 'number'],
  ['status', 'Status', 'select'],
  ['vat_number', 'VAT number', 'text'],
  ['discount', 'Discount', 'number'],
].map(([fieldKey, name, fieldType]) => ({ fieldKey: fieldKey!, name: name!, fieldType: fieldType! }));

const read = (description: string) => ruleFromSentence('facturas', FIELDS, description);
const dslOf = (description: string) => {
  const result = read(description);
  if (!result.ok) throw new Error(`${description}: ${result.reason}`);
  return result.rule.ruleDsl;
};
const formula = (field: string, expression: string) => ({ compute: { [field]: { type: 'formula', expression } } });
const check = (condition: string) => ({ validate: [expect.objectContaining({ condition, severity: 'error' })] });
const transform = (field: string, spec: object) => ({ transform: { [field]: spec } });

describe('the built-in sentence parser', () => {
  const rows: Array<[string, object]> = [
    // Formulas
    ['total = cantidad * precio', formula('total', 'cantidad * precio')],
    ['Total = Cantidad × Precio unitario', formula('total', 'cantidad * precio_unitario')],
    ['total is cantidad times precio', formula('total', 'cantidad * precio')],
    ['calculate total as quantity multiplied by price', formula('total', 'quantity * price')],
    ['compute total := price * quantity - discount', formula('total', 'price * quantity - discount')],
    ['el total es la cantidad por el precio', formula('total', 'cantidad * precio')],
    ['calcular el total como la suma de base e iva', formula('total', 'base + iva')],
    ['total es igual a base más iva menos importe', formula('total', 'base + iva - importe')],
    ['iva = 21% de base', formula('iva', '( 21 / 100 ) * base')],
    ['iva es el 21 por ciento de la base imponible', formula('iva', '( 21 / 100 ) * base')],
    ['total equals the sum of base, iva and importe', formula('total', 'base + iva + importe')],
    [
      'total = if(cantidad > 10, cantidad * precio * 0.9, cantidad * precio)',
      formula('total', 'if(cantidad > 10, cantidad * precio * 0.9, cantidad * precio)'),
    ],
    ['importe = precio dividido entre cantidad', formula('importe', 'precio / cantidad')],
    // Comparisons
    ['precio must be greater than 0', check('precio = null or precio > 0')],
    ['price must be at least 1', check('price = null or price >= 1')],
    ['el precio debe ser mayor que 0', check('precio = null or precio > 0')],
    ['el precio debe ser mayor o igual a 0', check('precio = null or precio >= 0')],
    ['cantidad debe ser como máximo 100', check('cantidad = null or cantidad <= 100')],
    ['discount should be less than or equal to 50', check('discount = null or discount <= 50')],
    ['precio > 0', check('precio = null or precio > 0')],
    ['quantity must be positive', check('quantity = null or quantity > 0')],
    ['el importe debe ser positivo', check('importe = null or importe > 0')],
    ['discount cannot be negative', check('discount = null or discount >= 0')],
    ['el descuento no puede ser negativo'.replace('descuento', 'importe'), check('importe = null or importe >= 0')],
    ['discount must be between 0 and 100', check('discount = null or discount >= 0 and discount <= 100')],
    ['la cantidad debe estar entre 1 y 99', check('cantidad = null or cantidad >= 1 and cantidad <= 99')],
    ['fecha_fin must be after fecha_inicio', check('fecha_fin = null or fecha_inicio = null or fecha_fin > fecha_inicio')],
    ['la fecha fin debe ser posterior a la fecha inicio', check('fecha_fin = null or fecha_inicio = null or fecha_fin > fecha_inicio')],
    ['fecha de pago must be before today', check('fecha_pago = null or fecha_pago < today()')],
    ['nombre must be at most 100 characters', check('nombre = null or len(nombre) <= 100')],
    ['el código debe tener al menos 3 caracteres', check('codigo = null or len(codigo) >= 3')],
    ['status must be different from cancelled', check("status = null or status != 'cancelled'")],
    ["total >= 0 and (estado != 'pagada' or fecha_pago != null)", check("total >= 0 and (estado != 'pagada' or fecha_pago != null)")],
    // Required
    ['email is required', check('len(trim(email)) > 0')],
    ['el nombre es obligatorio', check('len(trim(nombre)) > 0')],
    ['vat_number is required when status is paid', check("not (status = 'paid') or len(trim(vat_number)) > 0")],
    ["VAT number is required if status = 'Paid'", check("not (status = 'Paid') or len(trim(vat_number)) > 0")],
    ['el CIF es obligatorio cuando es empresa', check('not (es_empresa = true) or len(trim(cif)) > 0')],
    ['la fecha de pago es obligatoria si el estado es Pagada', check("not (estado = 'Pagada') or len(trim(fecha_pago)) > 0")],
    ['fecha_pago is required when total > 1000', check('not (total > 1000) or len(trim(fecha_pago)) > 0')],
    ['cif is required when nombre is set', check('not (len(trim(nombre)) > 0) or len(trim(cif)) > 0')],
    ['si el estado es pagada, la fecha de pago es obligatoria', check("not (estado = 'pagada') or len(trim(fecha_pago)) > 0")],
    ['email must not be empty'.replace('must not be empty', 'cannot be empty'), check('len(trim(email)) > 0')],
    ['when total > 100 and status = open, discount is required', check("not (total > 100 and status = 'open') or len(trim(discount)) > 0")],
    // Transforms
    ['el email en minúsculas', transform('email', { type: 'lowercase' })],
    ['email in lowercase', transform('email', { type: 'lowercase' })],
    ['lowercase the email', transform('email', { type: 'lowercase' })],
    ['store email in lower case', transform('email', { type: 'lowercase' })],
    ['el código en mayúsculas', transform('codigo', { type: 'uppercase' })],
    ['convertir el código a mayúsculas', transform('codigo', { type: 'uppercase' })],
    ['codigo must be uppercase', transform('codigo', { type: 'uppercase' })],
    ['trim nombre', transform('nombre', { type: 'trim' })],
    ['remove spaces from the name'.replace('the name', 'nombre'), transform('nombre', { type: 'trim' })],
    ['quitar los espacios del nombre', transform('nombre', { type: 'trim' })],
    ['el nombre sin espacios', transform('nombre', { type: 'trim' })],
    ['round importe to 2 decimals', transform('importe', { type: 'round', decimals: 2 })],
    ['redondear el importe a 2 decimales', transform('importe', { type: 'round', decimals: 2 })],
    ['round total', transform('total', { type: 'round', decimals: 0 })],
    ['round total to the nearest integer', transform('total', { type: 'round', decimals: 0 })],
    ['el total con 2 decimales', transform('total', { type: 'round', decimals: 2 })],
    ['total rounded to 1 decimal', transform('total', { type: 'round', decimals: 1 })],
    ["estado defaults to 'pendiente'", transform('estado', { type: 'default', value: 'pendiente' })],
    ['status defaults to open', transform('status', { type: 'default', value: 'open' })],
    ['el estado por defecto es Pendiente', transform('estado', { type: 'default', value: 'Pendiente' })],
    ['default discount to 0', transform('discount', { type: 'default', value: 0 })],
    ['el valor por defecto de cantidad es 1', transform('cantidad', { type: 'default', value: 1 })],
  ];

  it.each(rows)('%s', (description, expected) => {
    expect(dslOf(description)).toEqual(expect.objectContaining(expected));
  });

  it('makes formulas field_change rules triggered by what they read, and anything else before_save', () => {
    const computed = read('total = cantidad * precio');
    expect(computed).toMatchObject({ ok: true, rule: { triggerType: 'field_change', triggerFields: ['cantidad', 'precio'] } });
    expect(read('precio must be greater than 0')).toMatchObject({ ok: true, rule: { triggerType: 'before_save', triggerFields: [] } });
  });

  it('reads several clauses (lines, sentences, "and"/"y") into one rule', () => {
    const result = read('total = cantidad * precio. Round total to 2 decimals\nprecio must be greater than 0 and email is required');
    expect(result).toMatchObject({
      ok: true,
      rule: {
        triggerType: 'before_save',
        ruleDsl: {
          compute: { total: { type: 'formula', expression: 'cantidad * precio' } },
          transform: { total: { type: 'round', decimals: 2 } },
          validate: [
            { id: 'precio_gt_0', condition: 'precio = null or precio > 0' },
            { id: 'email_required', condition: 'len(trim(email)) > 0' },
          ],
        },
      },
    });
    const es = read('el email en minúsculas y el nombre es obligatorio');
    expect(es.ok && es.understood).toEqual(['transform email: lowercase', 'validate nombre_required: len(trim(nombre)) > 0']);
  });

  it('uses the sentence as the validation message and the rule name', () => {
    const result = read('el precio debe ser mayor que 0');
    expect(result).toMatchObject({
      ok: true,
      rule: {
        name: 'el precio debe ser mayor que 0',
        ruleDsl: { validate: [{ id: 'precio_gt_0', message: 'El precio debe ser mayor que 0' }] },
      },
    });
  });

  const failures: Array<[string, RegExp]> = [
    ['make it nice', /none of the phrasings/],
    ['precioo must be greater than 0', /"precioo" is not a field of facturas \(fields: cantidad, precio/],
    ['totl = cantidad * precio', /none of the phrasings|"totl" is not a field/],
    ['total = cantidad * preci', /"preci" is not a field/],
    ['round importe to 99 decimals', /at most 15 decimals/],
    ['total = total + 1', /cannot be computed from itself/],
    ['estado defaults to today', /a default is a fixed value/],
    ['total = cantidad * precio; total = 2', /total is computed twice/],
    ['', /empty/],
  ];

  it.each(failures)('says plainly it could not read %j', (description, reason) => {
    const result = read(description);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});
