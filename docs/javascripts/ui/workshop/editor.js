// The workshop's editor: CodeMirror 6 with line numbers, undo history, the engine's problems beside their
// lines (a gutter marker and the line's text underlined) and a way to put the cursor on a line. The
// bundle (assets/editor/codemirror.js) is built by site_hooks/workshop.py from the pinned npm packages;
// only this page imports it (through main.js, loaded by loader.js when the page has [data-workshop]).
import {
  EditorSelection, EditorState, EditorView, defaultKeymap, drawSelection, highlightActiveLine,
  highlightActiveLineGutter, history, historyKeymap, keymap, lineNumbers, lintGutter, setDiagnostics,
} from "../../../assets/editor/codemirror.js";

const EDITOR_CSS = new URL("../../../stylesheets/workshop-editor.css", import.meta.url).href;

/** The style sheet at `url`, adopted by `root` once loaded (after CodeMirror's: it has the last word). */
function adoptSheet(root, url) {
  fetch(url, { credentials: "same-origin" })
    .then((response) => {
      if (!response.ok) throw new Error(`el servidor respondió ${response.status}`);
      return response.text();
    })
    .then((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    })
    .catch((error) => console.warn("[taller] sin el estilo del editor:", error.message));
}

/**
 * An editor in `host` holding `text`; `onChange()` after every edit.
 * `label` names the text box for assistive technology; `description` is the text of its help (inside
 * the editor's shadow root an aria-describedby could not reach the page's help paragraph).
 *
 * The editor lives in a shadow root: there CodeMirror gives itself style through constructed style
 * sheets (CSSOM, adoptedStyleSheets), which the site's Content-Security-Policy allows, instead of a
 * <style> element, which it refuses. Its look, docs/stylesheets/workshop-editor.css (the page's colours:
 * Material's variables cross the shadow boundary), is adopted the same way, not linked: axe-core copies
 * each <link> and <style> of a shadow root into a <style> element of its own (its CSSOM preload), which
 * the policy refuses; constructed sheets it leaves alone, so the page is checked like every other.
 */
export function createEditor(host, text, { onChange, label, description, maxChars = Infinity, onRefused = () => {} }) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  adoptSheet(root, EDITOR_CSS);
  const parent = document.createElement("div");
  parent.className = "taller-editor";
  const help = document.createElement("p");
  help.id = "taller-editor-ayuda";
  help.className = "taller-editor__help";
  help.textContent = description;
  root.replaceChildren(help, parent);
  const view = new EditorView({
    parent,
    root,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        lintGutter(),
        // Tab is left to the browser (it moves the focus on): the editor never traps the keyboard.
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          "aria-label": label, "aria-describedby": help.id, spellcheck: "false", autocorrect: "off",
          autocapitalize: "off", "aria-multiline": "true",
          tabindex: "0", // focusable as such, not only as contenteditable (the scroller's keyboard access)
        }),
        // A paste or a drop that would take the text over the engine's limit is refused before the editor
        // holds it (5 MB pasted froze the page for seconds): the page says so (onRefused).
        EditorView.domEventHandlers({
          paste(event, view) {
            const pasted = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
            const selected = view.state.selection.ranges.reduce((n, r) => n + (r.to - r.from), 0);
            if (view.state.doc.length - selected + pasted.length <= maxChars) return false;
            event.preventDefault();
            onRefused();
            return true;
          },
          drop(event, view) {
            const files = event.dataTransfer ? [...event.dataTransfer.files] : [];
            const dropped = files.reduce((n, f) => n + f.size, 0)
              || (event.dataTransfer ? event.dataTransfer.getData("text/plain").length : 0);
            if (view.state.doc.length + dropped <= maxChars) return false;
            event.preventDefault();
            onRefused();
            return true;
          },
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(); // the text is read once, when it is checked (a megabyte is costly)
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    /** Replace the whole text (a new start, or the text kept from an earlier visit). */
    setText(value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    },
    /** The engine's problems ([{line, message}], lines from 1) beside their lines. */
    setProblems(problems) {
      const doc = view.state.doc;
      const diagnostics = problems.map(({ line, message }) => {
        const at = doc.line(Math.min(Math.max(1, line), doc.lines));
        return { from: at.from, to: at.to, severity: "error", message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    /** Put the cursor at the start of `line` (from 1), scrolled into view, and the focus in the editor. */
    goTo(line) {
      const doc = view.state.doc;
      const at = doc.line(Math.min(Math.max(1, line), doc.lines));
      view.dispatch({ selection: EditorSelection.cursor(at.from), scrollIntoView: true });
      view.focus();
    },
    /** The line the cursor is on (from 1). */
    cursorLine: () => view.state.doc.lineAt(view.state.selection.main.head).number,
  };
}
