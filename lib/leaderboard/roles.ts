/**
 * Games rated with the paper's league Elo: one agent holds every seat of the first role, another every seat
 * of the second (SocialGrid: all crewmates vs all impostors). Other games get OpenSkill only.
 */
export interface TeamRoles {
  crew: string;
  impostor: string;
}

export const TEAM_ROLES: Readonly<Record<string, TeamRoles>> = {
  socialgrid: { crew: "crewmate", impostor: "impostor" },
};

export const teamRolesOf = (game: string): TeamRoles | undefined =>
  Object.hasOwn(TEAM_ROLES, game) ? TEAM_ROLES[game] : undefined;
