-- The visitor's connection type, derived from the AS at the click (decision 122):
-- cellular, broadband or hosting; NULL when unknown (and for clicks stored before).
ALTER TABLE clicks ADD COLUMN connection TEXT;
