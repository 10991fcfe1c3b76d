"""The JSON protocol shared by the command line (``python -m engine``) and the browser worker.

A *command* turns a request (a JSON object) into a reply (a JSON object). Three modules:

- :mod:`.registry`: game modules register their commands with :func:`command`; :func:`answer`
  (a request as data), :func:`answer_line` and :func:`answer_json` (a line of JSON) never raise;
- :mod:`.fields`: a field the command does not read is refused, at any depth;
- :mod:`.codec`: one line of JSON in, one out; the limits of a line; the one error shape.

This package gives their public names (``from ..protocol import command, error_reply``).

Errors
------
A request that cannot be answered gets ONE shape of reply, built from the exception's attributes
(:mod:`engine.errors`)::

    {"error": "<Spanish message>", "code": "<machine-readable>",
     "field"?: "<request field>", "at"?: <int>, "line"?: <int>, "progress"?: {...}}

- ``code``: one per exception class (``"request"``, ``"invalid-card"``, ``"illegal-action"``,
  ``"not-your-turn"``, ``"script-gap"``...), plus ``"json"`` (the line is not JSON), ``"too-deep"``,
  ``"too-large"``, ``"duplicate-field"``, ``"unknown-field"`` and ``"internal"`` (a bug in the engine);
- ``field``: the request field at fault, as a path (``"stakes.ante"``, ``"actions[3].amount"``);
- ``at``: always the position (from 0) of the refused decision in the list of decisions the
  request carries (``actions`` of ``mata-ases-hand``, ``reader`` of a practice ``play-start``); absent
  when the error is not about one decision of a list;
- ``line``: the line of the practice hand's file that an author must fix;
- ``progress``: a decision of the reader in a practice hand that the rules refuse: the rules error for his
  progress (:mod:`engine.progress`).

A reply without ``"error"`` is a success; no reply mixes both. ``"internal"`` replies also carry
``"detail"`` (the Python exception, for whoever fixes the engine; never shown to a reader).

Limits
------
Whatever a line holds, it gets exactly one reply (the command line and :func:`answer_json` each
guard every line) and the reply is valid UTF-8 (lone surrogates become U+FFFD). Refused with a
Spanish message and a code:

- a line longer than :data:`MAX_REQUEST_CHARS` characters (``"too-large"``), nested deeper than
  :data:`MAX_DEPTH` (``"too-deep"``), not JSON (``"json"``: the reason in Spanish and the column),
  with a number of more than 4.300 digits, ``NaN`` or ``Infinity`` (``"json"``), an object that
  gives a field twice (``"duplicate-field"``, ``field`` its path: JSON alone keeps the last);
- a request that is not an object (``"request"``);
- a field, at any depth, the command does not read (``"unknown-field"``, ``field`` its path:
  ``"table.oponents"``, ``"reader[2].amout"``; with «¿Querías decir …?» when a field read there is
  close), checked after the command answered; a command that changes a session checks before the
  change (:func:`refuse_unknown_fields`). When the command refused the request because a field is
  missing and the same object holds an unread field with a close name (same first letter), the
  reply is that field, misspelt. A field is *read* when the handler asks for it (``[]``, ``get``,
  ``in``); walking an object (``items()``...) reads all its fields (a map of names, say). Each
  object is tracked as the handler reads it (:mod:`.fields`), so an object never read costs
  nothing and the caller's request is never modified;
- an integer above :data:`engine.requests.MAX_NUMBER` in absolute value, an amount above
  :data:`engine.requests.MAX_AMOUNT`, a list longer than the command allows (``"request"``,
  naming the field);
- any quoted excerpt of the input in a message is cut to :data:`MAX_QUOTE` characters.
"""


from .codec import (MAX_DEPTH, MAX_QUOTE, MAX_REQUEST_CHARS, DuplicateFieldError, NotJsonError, TooDeepError,
                    TooLargeError, decode, dumps, error_reply, internal_reply, too_large_reply)
from .fields import UnknownFieldError, refuse_unknown_fields
from .registry import (COMMAND_MODULES, Command, Job, Progress, answer, answer_json, answer_line, command,
                       commands, finish, get_command)

__all__ = [
    "COMMAND_MODULES", "MAX_DEPTH", "MAX_QUOTE", "MAX_REQUEST_CHARS", "Command", "DuplicateFieldError", "Job",
    "NotJsonError", "Progress", "TooDeepError", "TooLargeError", "UnknownFieldError", "answer", "answer_json", "answer_line",
    "command", "commands", "decode", "dumps", "error_reply", "finish", "get_command", "internal_reply",
    "refuse_unknown_fields", "too_large_reply",
]
