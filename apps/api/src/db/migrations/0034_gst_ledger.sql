-- Written by hand: the GST documents' figures (issue 43).
SELECT 1;
