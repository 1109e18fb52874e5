/** Attributes and listeners of an element built by `h`. Text goes in as text nodes, never as HTML. */
export type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'value' && 'value' in element) (element as HTMLInputElement).value = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

export function clear(element: Element): void {
  while (element.firstChild) element.removeChild(element.firstChild);
}

/** A table with a header row and one row per item. */
export function table<T>(
  columns: Array<[string, (item: T) => Child]>,
  items: readonly T[],
  empty = 'Nothing yet',
): HTMLElement {
  if (items.length === 0) return h('p', { class: 'muted' }, empty);
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...columns.map(([title]) => h('th', {}, title)))),
      h('tbody', {}, ...items.map((item) => h('tr', {}, ...columns.map(([, cell]) => h('td', {}, cell(item)))))),
    ),
  );
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}
