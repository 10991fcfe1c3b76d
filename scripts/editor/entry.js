// The authors' workshop editor (docs/desarrollo/taller.md): the parts of CodeMirror 6 it uses, bundled
// by esbuild into assets/editor/codemirror.js at build time (site_hooks/workshop.py). Versions are pinned
// in package.json / package-lock.json; nothing is fetched from another host.
export { EditorState, EditorSelection } from "@codemirror/state";
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
export { setDiagnostics, lintGutter } from "@codemirror/lint";
