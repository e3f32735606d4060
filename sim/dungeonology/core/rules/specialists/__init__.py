"""The Specialists Cards of Rocca Civetta ("Specialists Cards"): the bonus of the Interns one has
(``ops``)."""
