/** An actor of a field that no form keeps, started while the field is shown. */
import { useEffect, useRef, useState } from 'react';
import { createActor, type ActorRefFrom, type AnyActorLogic, type InputFrom } from 'xstate';

/**
 * `provided` when a form keeps the actor; otherwise one made from `logic` for as long as the field is
 * shown. The input is read once, when the actor starts: it must carry what the actor would otherwise
 * look up in the session's system (the connection).
 */
export function useFieldActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  provided: ActorRefFrom<TLogic> | undefined,
): ActorRefFrom<TLogic> | null {
  const [own, setOwn] = useState<ActorRefFrom<TLogic> | null>(null);
  const inputRef = useRef(input);
  useEffect(() => {
    if (provided) return undefined;
    const actor = createActor(logic, { input: inputRef.current });
    actor.start();
    // An Actor is the ref of its logic; the generic types do not see it.
    setOwn(actor as unknown as ActorRefFrom<TLogic>);
    return () => {
      actor.stop();
      setOwn(null);
    };
  }, [logic, provided]);
  return provided ?? own;
}
