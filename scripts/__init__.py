"""Project scripts: set-up (setup.sh) and the preview host (preview.py)."""
