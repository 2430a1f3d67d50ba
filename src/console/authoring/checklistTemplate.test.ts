import { describe, expect, it } from 'vitest';
import { emptyTemplateForm, fromWireItem, marketCompleteness, missingTexts, newTemplateItem, templateErrors, toWireItem, type TemplateForm } from './checklistTemplate';

function form(): TemplateForm {
  const f = emptyTemplateForm();
  f.texts.en.title = 'Shelf check';
  f.texts.lt.title = 'Lentynos patikra';
  f.items = [newTemplateItem('camera'), newTemplateItem('link')];
  f.items[0]!.texts.en.title = 'Photo of the shelf';
  f.items[0]!.texts.lt.title = 'Lentynos nuotrauka';
  f.items[1]!.texts.en.title = 'Read the brief';
  f.items[1]!.texts.lt.title = 'Perskaitykite';
  f.items[1]!.target = 'https://example.com/brief';
  return f;
}

describe('checklist template texts', () => {
  it('is complete for a market only when the type title and every item title exist in its language', () => {
    const f = form();
    expect(marketCompleteness(f)).toEqual({ LT: true, PL: false, CZ: false, RO: false });
    f.items[1]!.texts.lt.title = '  ';
    expect(marketCompleteness(f).LT).toBe(false);
  });

  it('lists each missing text with its item, a description never counting', () => {
    const f = form();
    f.texts.pl.title = 'Kontrola półki';
    f.items[0]!.texts.pl.title = 'Zdjęcie półki';
    const pl = missingTexts(f).filter((m) => m.locale === 'pl');
    expect(pl).toEqual([{ kind: 'itemTitle', locale: 'pl', itemKey: f.items[1]!.key, index: 1 }]);
  });

  it('refuses to save without English, a camera item without tags or a link without an https address', () => {
    const f = form();
    f.items[0]!.tags = [];
    f.items[1]!.target = 'javascript:alert(1)';
    f.texts.en.title = '';
    expect(templateErrors(f)).toEqual({ 'texts.en.title': 'REQUIRED', 'items.0.tags': 'TAGS_REQUIRED', 'items.1.target': 'TARGET_INVALID' });
    expect(templateErrors(form())).toEqual({});
    const plainHttp = form();
    plainHttp.items[1]!.target = 'http://example.com/brief';
    expect(templateErrors(plainHttp)).toEqual({ 'items.1.target': 'TARGET_INVALID' });
  });

  it('sends only the texts written, and the metadata of the item type', () => {
    const wire = toWireItem(form().items[1]!);
    expect(wire).toEqual({ type: 'link', isOptional: false, metadata: { target: 'https://example.com/brief' }, texts: { en: { title: 'Read the brief' }, lt: { title: 'Perskaitykite' } } });
    expect('id' in wire).toBe(false);
  });

  it('reads a saved item back with its id, tags and every language', () => {
    const item = fromWireItem({ id: 'ci1', type: 'camera', isOptional: true, metadata: { tags: ['after', 'nonsense'], isAutoToggle: true }, texts: { cs: { title: 'Foto' } } });
    expect(item).toMatchObject({ key: 'ci1', type: 'camera', isOptional: true, tags: ['after'], isAutoToggle: true });
    expect(item.texts.cs).toEqual({ title: 'Foto', description: '' });
    expect(item.texts.ro).toEqual({ title: '', description: '' });
    expect(toWireItem(item).id).toBe('ci1');
  });

  it('keeps the saved metadata the editor does not show', () => {
    const item = fromWireItem({ id: 'ci2', type: 'scanner', metadata: { buttonTitle: 'Scan', isAutoToggle: true }, texts: { en: { title: 'Scan' } } });
    expect(toWireItem(item).metadata).toEqual({ buttonTitle: 'Scan', isAutoToggle: true });
  });
});
