/** An actor that lives as long as an admin screen is shown. */
import { useEffect, useRef, useState } from 'react';
import { createActor, type ActorRefFrom, type AnyActorLogic, type InputFrom } from 'xstate';

/**
 * Starts `logic` when the screen mounts and stops it when it goes. The input is read once and must
 * carry the session actors it talks to (the connection, the alerts): the screen's actor is not a
 * child of the session, so it cannot look them up by system id.
 */
export function useViewActor<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>): ActorRefFrom<TLogic> | null {
  const [actor, setActor] = useState<ActorRefFrom<TLogic> | null>(null);
  const inputRef = useRef(input);
  useEffect(() => {
    const started = createActor(logic, { input: inputRef.current });
    started.start();
    // An Actor is the ref of its logic; the generic types do not see it.
    setActor(started as unknown as ActorRefFrom<TLogic>);
    return () => {
      started.stop();
      setActor(null);
    };
  }, [logic]);
  return actor;
}
