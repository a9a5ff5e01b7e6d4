// jsdom has no viewport: this stands in for window.matchMedia (which MUI's useMediaQuery reads),
// answering min-width / max-width queries against a width the test chooses.

let width: number | null = null;
const queryLists = new Set<FakeMediaQueryList>();

function evaluate(query: string, viewportWidth: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, px]) =>
    bound === 'min' ? viewportWidth >= Number(px) : viewportWidth <= Number(px),
  );
}

class FakeMediaQueryList extends EventTarget {
  onchange: ((event: MediaQueryListEvent) => void) | null = null;
  constructor(readonly media: string) {
    super();
  }
  get matches(): boolean {
    return width !== null && evaluate(this.media, width);
  }
  addListener(listener: () => void) {
    this.addEventListener('change', listener);
  }
  removeListener(listener: () => void) {
    this.removeEventListener('change', listener);
  }
}

/** Pretends the viewport is `px` wide; components already mounted are told of the change. */
export function setViewportWidth(px: number) {
  width = px;
  window.matchMedia = (query: string) => {
    const list = new FakeMediaQueryList(query);
    queryLists.add(list);
    return list as unknown as MediaQueryList;
  };
  for (const list of queryLists) list.dispatchEvent(new Event('change'));
}

export function resetViewport() {
  width = null;
  queryLists.clear();
  Reflect.deleteProperty(window, 'matchMedia');
}
