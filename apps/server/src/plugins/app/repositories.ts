import fp from 'fastify-plugin';
import { AuditsRepository } from '../../repositories/audits';
import { CallsRepository } from '../../repositories/calls';
import { CollectionsRepository } from '../../repositories/collections';
import { CustomerBansRepository } from '../../repositories/customer-bans';
import { DashboardRepository } from '../../repositories/dashboard';
import { ErrorLogsRepository } from '../../repositories/error-logs';
import { GridSettingsRepository } from '../../repositories/grid-settings';
import { LeadsRepository } from '../../repositories/leads';
import { LoginThrottle } from '../../repositories/login-throttle';
import { ManagementsRepository } from '../../repositories/managements';
import { SearcherRepository } from '../../repositories/searcher';
import { SecondFactorsRepository } from '../../repositories/second-factors';
import { SecurityEventsRepository } from '../../repositories/security-events';
import { SessionsRepository } from '../../repositories/sessions';
import { StageRunsRepository } from '../../repositories/stage-runs';
import { UsersRepository } from '../../repositories/users';
import { DebtFreesService } from '../../services/debt-frees';
import { LeadCreationService } from '../../services/lead-creation';
import { RegretsService } from '../../services/regrets';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    sessions: SessionsRepository;
    loginThrottle: LoginThrottle;
    errorLogs: ErrorLogsRepository;
    leads: LeadsRepository;
    /** A new application and its customer, reused by document (services/lead-creation.ts). */
    leadCreation: LeadCreationService;
    audits: AuditsRepository;
    searcher: SearcherRepository;
    dashboard: DashboardRepository;
    calls: CallsRepository;
    gridSettings: GridSettingsRepository;
    stageRuns: StageRunsRepository;
    securityEvents: SecurityEventsRepository;
    secondFactors: SecondFactorsRepository;
    managements: ManagementsRepository;
    collections: CollectionsRepository;
    debtFrees: DebtFreesService;
    regrets: RegretsService;
    customerBans: CustomerBansRepository;
  }
}

/** Data access as decorators: routes ask `app.users`, never build SQL themselves. */
export default fp(
  async (app) => {
    app.decorate('users', new UsersRepository(app.db));
    app.decorate('sessions', new SessionsRepository(app.db, app.config.sessionCacheSeconds, app.config.sessionIdleMinutes));
    app.decorate('loginThrottle', new LoginThrottle(app.db, app.config.loginThrottle));
    app.decorate('errorLogs', new ErrorLogsRepository(app.db));
    app.decorate('leads', new LeadsRepository(app.db));
    app.decorate('leadCreation', new LeadCreationService(app.db));
    app.decorate('audits', new AuditsRepository(app.db));
    app.decorate('searcher', new SearcherRepository(app.db));
    app.decorate('dashboard', new DashboardRepository(app.db));
    app.decorate('collections', new CollectionsRepository(app.db));
    app.decorate('calls', new CallsRepository(app.db));
    app.decorate('gridSettings', new GridSettingsRepository(app.db));
    app.decorate('stageRuns', new StageRunsRepository(app.db));
    app.decorate('securityEvents', new SecurityEventsRepository(app.db));
    app.decorate('secondFactors', new SecondFactorsRepository(app.db));
    app.decorate('managements', new ManagementsRepository(app.db));
    app.decorate('debtFrees', new DebtFreesService(app.db, app.config.legal));
    app.decorate('regrets', new RegretsService(app.db, app.config.legal));
    app.decorate('customerBans', new CustomerBansRepository(app.db));
  },
  { name: 'repositories', dependencies: ['db', 'config'] },
);
