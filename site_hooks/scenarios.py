"""MkDocs hook: validate the practice hands in scenarios/ and render their walkthroughs.

(Work in progress: validation, the ``<!-- escenario: ... -->`` marker and the JSON export land in
the next commits.)
"""

from __future__ import annotations
