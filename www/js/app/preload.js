// A game or a rules page needs the engine before anything else: ask for it now, while the
// page's modules are still arriving. The home screen paints its words first and asks later.

if (new URLSearchParams(location.search).has('game')) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.type = 'application/wasm';
  link.crossOrigin = 'anonymous';
  link.href = 'pkg/ludi_wasm_bg.wasm';
  document.head.append(link);
}
