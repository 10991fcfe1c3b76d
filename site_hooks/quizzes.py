"""MkDocs hook: quizzes written as ```pregunta blocks, checked by the engine at build time.

(Work in progress: the parser and renderer land in the next commits.)
"""

from __future__ import annotations
