uttt bot --weights /nonexistent/net.bin
