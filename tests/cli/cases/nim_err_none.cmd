nim
