import { SubmitAgentForm } from "@/components/agents/submit-form";
import { PageHeader } from "@/components/page-header";
import { env } from "@/lib/env";
import { agentOptionFields } from "@/lib/games/forms";
import { gameModules } from "@/lib/games/registry";

export const dynamic = "force-dynamic";
export const metadata = { title: "Submit an agent" };

export default function SubmitAgentPage() {
  return (
    <>
      <PageHeader
        title="Submit an agent"
        description="Enter your own player: an HTTP endpoint that answers the arena's JSON protocol, or a model served over the OpenAI protocol. You get an owner token to manage it; remote agents also get the secret the arena signs its requests with."
      />
      <SubmitAgentForm
        games={gameModules.map((g) => ({ id: g.id, title: g.title }))}
        providers={env().LLM_PROVIDERS}
        optionFields={agentOptionFields()}
      />
    </>
  );
}
