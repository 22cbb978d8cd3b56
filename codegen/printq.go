package codegen

// Printing on a goroutine of its own. Lowering one long function (or a
// few) keeps one core busy building llir objects; printing them is a
// fifth to a third of the work, and another core can do it meanwhile.
// Everything that writes the output (finish, stream, the definitions of
// strings, constants and types) is a job queued in order (later), and one
// goroutine runs the jobs: the text is the same as printing at once. A
// queued job owns what it prints: lowering never changes a function once
// it is finished, nor a block once it is complete (stream hands over its
// terminator and marks it printed at once).

// printQueue runs a context's printing jobs in order on a goroutine of
// its own.
type printQueue struct {
	jobs     chan func()
	done     chan struct{}
	panicked any // the first job's panic: the others are skipped
}

// later runs job after the jobs queued before it: on the printing
// goroutine when there is one, at once otherwise.
func (mc *moduleCtx) later(job func()) {
	if q := mc.async; q != nil {
		q.jobs <- job
		return
	}
	job()
}

// printAsync starts a goroutine that runs mc's printing jobs; wait runs
// the jobs still queued, stops it, and panics with a job's panic (an
// internal error, as when printing at once).
func (mc *moduleCtx) printAsync() (wait func()) {
	q := &printQueue{jobs: make(chan func(), 256), done: make(chan struct{})}
	mc.async = q
	go func() {
		defer close(q.done)
		for job := range q.jobs {
			if q.panicked == nil {
				q.run(job)
			}
		}
	}()
	return func() {
		mc.async = nil
		close(q.jobs)
		<-q.done
		if q.panicked != nil {
			panic(q.panicked)
		}
	}
}

func (q *printQueue) run(job func()) {
	defer func() {
		if p := recover(); p != nil {
			q.panicked = p
		}
	}()
	job()
}
