// The eSpeak NG WebAssembly package ships no type declarations; espeak.ts narrows the module.
declare module '@echogarden/espeak-ng-emscripten' {
  const createModule: () => Promise<unknown>;
  export default createModule;
}
