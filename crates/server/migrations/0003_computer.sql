-- A seat the computer plays (a class's odd pupil's opponent): its level, else NULL.
ALTER TABLE seats ADD COLUMN computer TEXT;
