module github.com/tirc/tirc

go 1.26.8
