"""Score sheets (blank and filled, printed through Qt) and the replay stepper.

`model` and `specs` are pure Python; `render` paints with Qt; `cli` is `tabletop sheet`.
"""
