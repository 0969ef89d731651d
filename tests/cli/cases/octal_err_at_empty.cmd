octal 0.77 --at ''
