"""The Main Effects advanced rule ("Main Effects"): declaring, reacting to
and paying Main Effects, Priority (``chain``); their opcodes (``ops``);
Intern Cards and Protected cubes (``interns``); Zone Effect Tokens
(``tokens``)."""
