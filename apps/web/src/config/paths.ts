/** Every route of the dashboard, in one place, so links and redirects never drift. The list lives
 * in the contracts because the server answers any other path with 404. */
export { dashboardPaths as paths } from "@nativ/contracts/dashboard-paths"
