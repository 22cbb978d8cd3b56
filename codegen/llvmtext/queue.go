package llvmtext

// Printing on a goroutine of its own. Lowering one long function (or a
// few) keeps one core busy building llir objects; printing them is a
// fifth to a third of the work, and another core can do it meanwhile.
// Everything that writes the output (the functions, the blocks a
// Streamer cuts, the definitions of strings, constants and types) is a
// job queued in order (Later), and one goroutine runs the jobs: the text
// is the same as printing at once. A queued job owns what it prints: the
// caller never changes a function once it is finished, nor a block once
// it is complete (Streamer.Cut hands over its terminator and marks it
// printed at once).

// Queue runs printing jobs in order on a goroutine of its own.
type Queue struct {
	jobs     chan func()
	done     chan struct{}
	panicked any // the first job's panic: the others are skipped
}

// Later runs job after the jobs queued before it: on q's goroutine, or
// at once when q is nil.
func (q *Queue) Later(job func()) {
	if q != nil {
		q.jobs <- job
		return
	}
	job()
}

// StartQueue starts a goroutine that runs the jobs queued on the queue
// it returns.
func StartQueue() *Queue {
	q := &Queue{jobs: make(chan func(), 256), done: make(chan struct{})}
	go func() {
		defer close(q.done)
		for job := range q.jobs {
			if q.panicked == nil {
				q.run(job)
			}
		}
	}()
	return q
}

// Wait runs the jobs still queued, stops the goroutine, and panics with
// a job's panic (an internal error, as when printing at once). Nothing
// may be queued after it.
func (q *Queue) Wait() {
	close(q.jobs)
	<-q.done
	if q.panicked != nil {
		panic(q.panicked)
	}
}

func (q *Queue) run(job func()) {
	defer func() {
		if p := recover(); p != nil {
			q.panicked = p
		}
	}()
	job()
}
