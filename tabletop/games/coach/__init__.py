"""The guided first deals ("Learn to play"), one module per game: each builds its `Lesson` and
its quick reference and registers them (`tabletop.engine.coach.register_lesson`).
"""
