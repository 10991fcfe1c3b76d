"""What the engine does for authors: check their files and show their practice hands.

- :mod:`.check`: a practice hand checked by playing it (its default line against what the author
  claims, every path of the reader's decisions answered by the script, every script line used);
- :mod:`.files`: ``python -m engine check``: the practice hands and the question blocks of the files;
- :mod:`.walkthrough`: a practice hand played along its default line, as the «Manos comentadas» pages
  and the workshop show it;
- :mod:`.paths`: the reader's paths, in words and as ``play-start`` takes them;
- :mod:`.workshop`: the ``author-check`` command (the authors' workshop page).

Everything is played by the play layer (:mod:`engine.play`) on the practice-hand format
(:mod:`engine.scenarios`); a game's own part comes from its ``authoring`` module.
"""
