hackenbush --moves $'# grundy game record\ne0'
